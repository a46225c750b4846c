import { expect, it } from 'vitest';
import { USER_PROFILE_FIELDS, type UserProfile } from '../../../src/lib/auth/user-role-membership';

// Sign-in and a profile update ask the CMS for the same profile fields (USER_PROFILE_FIELDS), and
// those are all of UserProfile: a field the type gains must be asked for, or the session lacks it.
const EVERY_PROFILE_FIELD: Record<keyof UserProfile, true> = {
  salutation: true,
  first_name: true,
  last_name: true,
  phone_number: true,
  school: true,
  role: true,
  address_1: true,
  address_2: true,
  postcode: true,
  user_updated: true,
};

it('asks for every field of a user profile, once', () => {
  const asked = USER_PROFILE_FIELDS.split(/\s+/);
  expect(new Set(asked).size).toBe(asked.length);
  expect([...asked].sort()).toEqual(Object.keys(EVERY_PROFILE_FIELD).sort());
});
