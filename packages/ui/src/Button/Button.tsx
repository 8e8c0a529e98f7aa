import { Button as RadixButton, Spinner as RadixSpinner } from '@radix-ui/themes';
import { type ComponentPropsWithoutRef, type ElementRef, forwardRef } from 'react';

type RadixButtonProps = ComponentPropsWithoutRef<typeof RadixButton>;

/**
 * How each product button variant maps onto Radix Themes' variant, colour and contrast. Radix's step-9
 * red and green are too light for white text (below WCAG AA's 4.5:1), so the solid danger and success
 * buttons use `highContrast` (the colour's dark step 12 with light text) and stay red and green.
 */
export const buttonVariants = {
  primary: { variant: 'solid' },
  secondary: { variant: 'soft', color: 'gray' },
  outline: { variant: 'outline' },
  ghost: { variant: 'ghost' },
  danger: { variant: 'solid', color: 'red', highContrast: true },
  success: { variant: 'solid', color: 'green', highContrast: true },
} as const satisfies Record<string, Pick<RadixButtonProps, 'variant' | 'color' | 'highContrast'>>;

/** A product button variant. */
export type ButtonVariant = keyof typeof buttonVariants;

/** Props of {@link Button}: Radix Button props plus a product `variant` and `loading`. */
export interface ButtonProps extends Omit<RadixButtonProps, 'variant' | 'loading'> {
  /** Visual intent; defaults to 'primary'. */
  variant?: ButtonVariant;
  /**
   * While true the button is disabled, marked busy and shows a spinner before its label, so the label
   * can say what is happening ('Signing in...').
   */
  loading?: boolean;
}

/**
 * Whether a button shows its colour's dark step 12 text: the variant's own setting, else true for a
 * secondary (soft) button given a colour of its own. Radix writes such a button's label in step 11 on a
 * translucent step 3, which the app's tinted page background darkens: red's fell to 4.41:1 there (axe,
 * the end-to-end walk), below WCAG AA's 4.5:1. A caller's `highContrast` wins.
 */
function usesHighContrast(variant: ButtonVariant, color: RadixButtonProps['color']): boolean | undefined {
  const mapped: Pick<RadixButtonProps, 'variant' | 'color' | 'highContrast'> = buttonVariants[variant];
  if (mapped.highContrast !== undefined) return mapped.highContrast;
  return variant === 'secondary' && color !== undefined && color !== 'gray' ? true : undefined;
}

/** The product button: a thin layer over Radix Themes' Button with named variants and a loading state. */
export const Button = forwardRef<ElementRef<typeof RadixButton>, ButtonProps>(function Button(
  { variant = 'primary', loading = false, disabled, children, ...rest },
  ref,
) {
  const mapped: Pick<RadixButtonProps, 'variant' | 'color' | 'highContrast'> = buttonVariants[variant];
  return (
    <RadixButton
      ref={ref}
      variant={mapped.variant}
      color={rest.color ?? mapped.color}
      highContrast={rest.highContrast ?? usesHighContrast(variant, rest.color)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <RadixSpinner size="1" /> : null}
      {children}
    </RadixButton>
  );
});
