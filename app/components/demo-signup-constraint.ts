/**
 * The attributes the demo signup fields carry (required, lengths): `getZodConstraint(demoSignupSchema)` written out,
 * so the form renders them without loading zod (app/components/demo-signup-constraint.test.ts holds them equal).
 */
export const DEMO_SIGNUP_CONSTRAINT = {
  name: { required: true, minLength: 2, maxLength: 100 },
  email: { required: true, maxLength: 254 },
  marketingOptIn: { required: false },
  timezone: { required: true },
};
