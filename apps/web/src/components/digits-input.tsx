import { TextInput, type TextInputProps } from '@mantine/core';
import { PHONE_INPUT_MESSAGES, phoneDigits } from '@pgel/shared/schemas/phone';
import { useState } from 'react';

type DigitsInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  value: string;
  onChange: (digits: string) => void;
  /** At most this many digits are kept. */
  maxDigits: number;
  /**
   * A ten-digit Indian mobile: a leading 0 or +91 is dropped rather than the last digit, and a
   * number still too long is explained in those terms.
   */
  indianMobile?: boolean;
};

/**
 * A number typed as digits (a phone): the numeric keypad on phones, and anything else typed or
 * pasted ('98765-43210') is dropped at once, so what is shown is what is sent. Digits beyond
 * `maxDigits` are never dropped silently (issue 28): the field says why under it until the number
 * is changed again.
 */
export function DigitsInput({
  value,
  onChange,
  maxDigits,
  indianMobile = false,
  description,
  ...props
}: DigitsInputProps) {
  const [isCut, setCut] = useState(false);
  const note = indianMobile ? PHONE_INPUT_MESSAGES.tooLongMobile : PHONE_INPUT_MESSAGES.tooLong(maxDigits);
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      {...props}
      description={isCut ? note : description}
      // Under the field, where the eye is after typing; announced as it appears.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      descriptionProps={isCut ? { role: 'status', c: 'orange.9', fw: 500 } : undefined}
      value={value}
      onChange={(event) => {
        const next = phoneDigits(event.currentTarget.value, maxDigits, indianMobile);
        setCut(next.isCut);
        onChange(next.digits);
      }}
    />
  );
}

/** The spec's 10-digit phone ('Phone', a college's or an HOD's). */
export function TenDigitPhoneInput(
  props: Omit<DigitsInputProps, 'label' | 'placeholder' | 'maxDigits' | 'indianMobile'>,
) {
  return <DigitsInput label="Phone" placeholder="10 digit number" maxDigits={10} indianMobile {...props} />;
}
