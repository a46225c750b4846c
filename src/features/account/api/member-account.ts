import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readToken } from '../../../lib/session/session-storage';
import { CmsError } from '../../../lib/cms/errors';
import { postCms } from '../../../lib/cms/rest-client';

/**
 * The subscription's members (spec part 1, sections 1 and 7). The spec names the three POST
 * calls; the listing (GET /api/member-account) is ours, as the spec shows no member screens.
 */
export interface MemberAccount {
  isOwner: boolean;
  owner: { email: string; name: string | null } | null;
  members: { email: string; name: string | null }[];
  invitations: { email: string; invitedAt: string | null }[];
  /** For a teacher outside any subscription: an invitation waits for their address. */
  invitationWaiting?: boolean;
}

async function fetchMemberAccount(signal: AbortSignal): Promise<MemberAccount> {
  const response = await fetch('/api/member-account', {
    headers: { Authorization: `Bearer ${readToken() ?? ''}` },
    signal,
  });
  if (!response.ok)
    throw new CmsError('Your members could not be loaded', response.status, await response.text());
  return (await response.json()) as MemberAccount;
}

export function memberAccountQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: ['MemberAccount', userId],
    queryFn: ({ signal }) => fetchMemberAccount(signal),
    enabled: userId !== undefined,
  });
}

export function useMemberAccount(userId: number | undefined) {
  return useQuery(memberAccountQueryOptions(userId));
}

type MemberAction =
  | { kind: 'invite'; email: string }
  | { kind: 'remove-invitation'; email: string }
  | { kind: 'remove-member'; email: string };

const ACTION_CALLS = {
  invite: (email: string) =>
    postCms('/api/member-account/invitation', { invitee: email }, { withToken: true }),
  'remove-invitation': (email: string) =>
    postCms('/api/member-account/remove-invitation', { invitee: email }, { withToken: true }),
  'remove-member': (email: string) =>
    postCms('/api/member-account/remove-member', { member_email: email }, { withToken: true }),
} as const;

export function useMemberAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) => ACTION_CALLS[action.kind](action.email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['MemberAccount'] }),
  });
}
