import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { createCustomSchemeOperation } from '../../../lib/cms/generated/operations/create-custom-scheme';

/**
 * Spec part 2, section 7: createCustomScheme (title, learning_strands, owner, audience,
 * programme). The CMS sets the owner to the signed-in user whatever is sent, so the owner is not
 * sent at all. Custom units are created online only (they do not go through the playlist outbox).
 */
export const CREATE_CUSTOM_SCHEME = appDocument(
  /* GraphQL */ `
    mutation createCustomScheme($data: CustomSchemeInput!) {
      createCustomScheme(data: $data) {
        documentId
        title
      }
    }
  `,
  createCustomSchemeOperation,
);

export interface NewCustomScheme {
  title: string;
  learning_strands: string[];
  audience: string;
  programme: string;
}

export function useCreateCustomScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    // Fail at once when offline (and say so) rather than wait, paused, for a network that may not come.
    networkMode: 'always',
    mutationFn: (data: NewCustomScheme) =>
      // Narrower than the schema's type: a creation the CMS refuses is an error, not null.
      requestCms(CREATE_CUSTOM_SCHEME, { data }) as Promise<{
        createCustomScheme: { documentId: string; title: string };
      }>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['CustomScheme'] }),
  });
}
