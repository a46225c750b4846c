import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { USER_PROFILE_FIELDS, type UserProfile } from '../../../lib/auth/user-role-membership';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import type { UpdateUserProfileVariables } from '../../../lib/cms/generated/graphql';
import { UpdateUserProfileOperation } from '../../../lib/cms/generated/operations/update-user-profile';

/** Spec part 1, section 7: sets user_updated and returns every profile field. */
export const UPDATE_USER_PROFILE = appDocument(
  /* GraphQL */ `
  mutation UpdateUserProfile(
    $salutation: String
    $first_name: String!
    $last_name: String!
    $phone_number: String
    $school: String
    $role: String
    $address_1: String
    $address_2: String
    $postcode: String
  ) {
    updateUserProfile(
      salutation: $salutation
      first_name: $first_name
      last_name: $last_name
      phone_number: $phone_number
      school: $school
      role: $role
      address_1: $address_1
      address_2: $address_2
      postcode: $postcode
    ) {
      ${USER_PROFILE_FIELDS}
    }
  }
`,
  UpdateUserProfileOperation,
);

export type ProfileInput = Omit<UserProfile, 'user_updated'>;

export function useUpdateUserProfile() {
  const setProfile = useAuthStore((state) => state.setProfile);
  return useMutation({
    mutationFn: async (profile: ProfileInput) =>
      // Narrower than the schema's type: an update the CMS refuses is an error, not null.
      // The form sends both names (it requires them), which the schema requires too.
      (
        (await requestCms(UPDATE_USER_PROFILE, {
          ...profile,
        } as UpdateUserProfileVariables)) as { updateUserProfile: UserProfile }
      ).updateUserProfile,
    onSuccess: (profile) => setProfile(profile),
  });
}
