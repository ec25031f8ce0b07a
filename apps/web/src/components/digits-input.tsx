import { TextInput, type TextInputProps } from '@mantine/core';

type DigitsInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  value: string;
  onChange: (digits: string) => void;
  /** At most this many digits are kept. */
  maxDigits: number;
};

/**
 * A number typed as digits (a phone): the numeric keypad on phones, and anything else typed or
 * pasted ('98765-43210') is dropped at once, so what is shown is what is sent.
 */
export function DigitsInput({ value, onChange, maxDigits, ...props }: DigitsInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="numeric"
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, maxDigits))}
    />
  );
}

/** The spec's 10-digit phone ('Phone', a college's or an HOD's). */
export function TenDigitPhoneInput(props: Omit<DigitsInputProps, 'label' | 'placeholder' | 'maxDigits'>) {
  return <DigitsInput label="Phone" placeholder="10 digit number" maxDigits={10} {...props} />;
}
