import { Button, TextField } from '@purchasing/ui';
import { Flex, Link } from '@radix-ui/themes';
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
// zod's tree-shakable build, and no form library: the sign-in screen is the app's first screen, and the
// full `z` API and react-hook-form would add about 60 KB of gzipped JavaScript to every first load
// (issue 12). The other forms load them with their own screens.
import { z } from 'zod/mini';
import { ACCOUNT_EMAIL_FIELD, PublicPageLayout } from '../kit/PublicPageLayout';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';

/** The sign-in form's rules (document 1 §5). */
export const loginSchema = z.object({
  email: z.email('Please enter a valid email address'),
  password: z.string().check(z.minLength(1, 'Password is required')),
});

/** The sign-in form's values. */
export type LoginFormValues = z.infer<typeof loginSchema>;

type LoginErrors = Partial<Record<keyof LoginFormValues, string>>;

const FIELDS = ['email', 'password'] as const;

/** The first message of each field that breaks {@link loginSchema}; empty when the values are valid. */
function validate(values: LoginFormValues): LoginErrors {
  const result = loginSchema.safeParse(values);
  const errors: LoginErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginFormValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The form's state, with the behaviour of the app's other forms: checked on submit (nothing is sent
 * while a rule is broken, and the first invalid field takes the focus), then again on every change.
 */
function useLoginForm(submit: (values: LoginFormValues) => Promise<void>) {
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginFormValues, HTMLInputElement | null>>>({});

  const field = (name: keyof LoginFormValues) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) setErrors(validate(next));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const invalid = FIELDS.find((name) => found[name]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await submit(values);
    } finally {
      setSubmitting(false);
    }
  };

  return { field, onSubmit, isSubmitting };
}

/** Props of {@link LoginScreen}. */
export interface LoginScreenProps {
  /** Where to go after signing in (the originally requested location); defaults to the dashboard. */
  redirectTo?: string;
}

/**
 * The sign-in screen: 'Welcome back', email and password. While signing in the button reads
 * 'Signing in...' and the inputs are disabled; on success it replaces itself in history with
 * `redirectTo` (or the dashboard).
 */
export function LoginScreen({ redirectTo }: LoginScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  const { login } = useSession();
  const forgotPassword = useLinkProps(navigation.hrefs.forgotPassword());
  const { field, onSubmit, isSubmitting } = useLoginForm(async (values) => {
    try {
      await login(values);
    } catch {
      // login has already told the user why.
      return;
    }
    navigation.navigate(redirectTo ?? navigation.hrefs.dashboard(), { replace: true });
  });

  return (
    <PublicPageLayout title="Welcome back" subtitle="Sign in to the purchasing platform" maxWidth="420px">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
        <Flex direction="column" gap="4">
          <TextField {...ACCOUNT_EMAIL_FIELD} disabled={isSubmitting} {...field('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            disabled={isSubmitting}
            {...field('password')}
          />
          <Flex justify="end">
            <Link size="2" {...forgotPassword}>
              Forgot your password?
            </Link>
          </Flex>
          <Button type="submit" size="3" loading={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign in'}
          </Button>
        </Flex>
      </form>
    </PublicPageLayout>
  );
}
