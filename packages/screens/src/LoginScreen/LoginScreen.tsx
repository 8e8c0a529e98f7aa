import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@purchasing/ui';
import { Flex, Link } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PublicPageLayout } from '../kit/PublicPageLayout';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';

/** The sign-in form's rules (document 1 §5). */
export const loginSchema = z.object({
  email: z.email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});

/** The sign-in form's values. */
export type LoginFormValues = z.infer<typeof loginSchema>;

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
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
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
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Flex direction="column" gap="4">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            disabled={isSubmitting}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            disabled={isSubmitting}
            error={errors.password?.message}
            {...register('password')}
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
