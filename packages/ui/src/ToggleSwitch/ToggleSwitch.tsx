import { Flex, Switch, Text } from '@radix-ui/themes';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';

type RadixSwitchProps = ComponentPropsWithoutRef<typeof Switch>;

/** Props of {@link ToggleSwitch}: Radix Switch props plus a visible label and optional description. */
export interface ToggleSwitchProps extends Omit<RadixSwitchProps, 'children'> {
  /** Visible label, tied to the switch (its accessible name). */
  label: string;
  /** Help text under the label, e.g. what turning it off does; the switch's accessible description. */
  description?: string;
}

/**
 * A labelled on/off switch (role `switch`) on Radix Themes' Switch, with optional description.
 * Space or Enter toggles it; clicking the label toggles it too.
 */
export const ToggleSwitch = forwardRef<HTMLButtonElement, ToggleSwitchProps>(function ToggleSwitch(
  { label, description, id, disabled, ...rest },
  ref,
) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;
  return (
    <Flex gap="3" align="start">
      <Switch
        ref={ref}
        id={switchId}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        mt="1"
        {...rest}
      />
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={switchId} size="2" weight="medium" color={disabled ? 'gray' : undefined}>
          {label}
        </Text>
        {description ? (
          <Text id={descriptionId} size="1" color="gray">
            {description}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
});
