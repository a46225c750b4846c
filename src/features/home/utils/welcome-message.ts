import type { WelcomeMessages } from '../api/learning-resources-home';

/**
 * `/welcome/{welcome}` greets a teacher after signing up, buying or accepting an invitation
 * (spec part 2, Home and section 3). The parameter names the message; both the CMS's field
 * names and their hyphenated forms are accepted. Anything else shows no message.
 */
export function welcomeMessage(
  messages: WelcomeMessages | null | undefined,
  welcome: string | undefined,
): string | null {
  if (!messages || !welcome) return null;
  const key = welcome.toLowerCase().replace(/-/g, '_');
  if (key === 'new_registration' || key === 'new_purchase' || key === 'new_invitation')
    return messages[key] || null;
  return null;
}
