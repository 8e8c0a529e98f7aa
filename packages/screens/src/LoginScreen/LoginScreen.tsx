import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@purchasing/ui';
import { Box, Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { ShoppingCart } from 'lucide-react';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
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
    <Flex
      align="center"
      justify="center"
      px="4"
      py="8"
      style={{ minHeight: '100vh', background: 'linear-gradient(160deg, var(--accent-2), var(--gray-2))' }}
    >
      <Box width="100%" maxWidth="420px">
        <Flex direction="column" align="center" gap="2" mb="5">
          <Flex
            aria-hidden
            align="center"
            justify="center"
            style={{
              width: 48,
              height: 48,
              borderRadius: 'var(--radius-4)',
              background: 'var(--accent-9)',
              color: 'var(--accent-contrast)',
            }}
          >
            <ShoppingCart size={24} />
          </Flex>
          <Heading as="h1" size="7" align="center">
            Welcome back
          </Heading>
          <Text as="p" color="gray" align="center">
            Sign in to the purchasing platform
          </Text>
        </Flex>
        <Card size="4">
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
        </Card>
      </Box>
    </Flex>
  );
}
