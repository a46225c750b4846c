import { fetchFromCms, requestCms } from '../cms/graphql-client';
import { appDocument } from '../cms/app-document';
import { UserRoleMembershipOperation } from '../cms/generated/operations/user-role-membership';

/**
 * The selection every document asks of a user profile: all of UserProfile, so what the session
 * keeps after a sign-in and after a profile update has the same fields.
 */
export const USER_PROFILE_FIELDS =
  'salutation first_name last_name phone_number school role address_1 address_2 postcode user_updated';

/** Spec part 1, section 7: runs after every login or registration that returns a JWT. */
export const USER_ROLE_MEMBERSHIP = appDocument(
  /* GraphQL */ `
  query UserRoleMembership {
    me {
      id
      email
      role {
        description
        type
      }
      user_profile { ${USER_PROFILE_FIELDS} }
    }
  }
`,
  UserRoleMembershipOperation,
);

export interface UserProfile {
  salutation?: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number?: string | null;
  school?: string | null;
  role?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  postcode?: string | null;
  user_updated?: boolean | null;
}

export interface RoleMembership {
  description: string | null;
  type: string;
}

export interface UserRoleMembershipResult {
  me: {
    id: string;
    email: string;
    role: RoleMembership | null;
    user_profile: UserProfile | null;
  } | null;
}

/** The stored session's role and profile, or (at sign-in, before anything is stored) `token`'s. */
export async function fetchUserRoleMembership(token?: string) {
  const answer = token
    ? await fetchFromCms<UserRoleMembershipResult>(
        USER_ROLE_MEMBERSHIP,
        undefined,
        undefined,
        token,
      )
    : // Narrower than the schema's type: a signed-in account always has its e-mail.
      ((await requestCms(USER_ROLE_MEMBERSHIP)) as UserRoleMembershipResult);
  return answer.me;
}
