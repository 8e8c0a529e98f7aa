/** The password of every demo user. */
export const DEMO_PASSWORD = 'Password123!';
