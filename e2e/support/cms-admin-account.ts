/** The CMS admin the seed creates (README, "Demo accounts"; cms/src/bootstrap/accounts.js). */
export const DEMO_ADMIN = { email: 'admin@demo.school', password: 'Admin12345' } as const;
