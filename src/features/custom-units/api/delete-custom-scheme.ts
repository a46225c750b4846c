import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { deleteCustomSchemeOperation } from '../../../lib/cms/generated/operations/delete-custom-scheme';

/** Spec part 2, section 7: deleteCustomScheme (id). The CMS refuses anyone but the owner. */
export const DELETE_CUSTOM_SCHEME = appDocument(
  /* GraphQL */ `
    mutation deleteCustomScheme($id: ID!) {
      deleteCustomScheme(documentId: $id) {
        documentId
      }
    }
  `,
  deleteCustomSchemeOperation,
);

export function useDeleteCustomScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    // Fail at once when offline (and say so) rather than wait, paused, for a network that may not come.
    networkMode: 'always',
    mutationFn: (id: string) =>
      requestCms(DELETE_CUSTOM_SCHEME, {
        id,
      }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ['CustomSchemeQuery', { id }], exact: false });
      return queryClient.invalidateQueries({ queryKey: ['CustomScheme'] });
    },
  });
}
