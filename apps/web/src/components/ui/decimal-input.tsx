// A number field as people here type and read numbers: '1.234,56', where '1.500' is a thousand and
// five hundred. The text stays as typed while the field has focus; on leaving it, a number is shown
// again the pt-BR way (money with its two decimals), and text that is no number is left for the
// form's schema to refuse with its message.
import * as React from 'react';
import { formatDecimalInput, parseDecimal } from '@vitrine/domain/number-format';
import { Input } from './input';

type DecimalInputProps = Omit<React.ComponentProps<'input'>, 'type' | 'inputMode' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (text: string) => void;
  /** 2 for money; none for quantities, percentages and sizes (as many decimals as the value has). */
  fractionDigits?: number;
};

/** The text a field shows for a stored number (empty for none). */
export const decimalText = (value: number | null | undefined, fractionDigits?: number) => formatDecimalInput(value, fractionDigits);

/** The number in a field's text: undefined when empty, NaN when it is no number. */
export const readDecimal = parseDecimal;

/** The number in a field's text for a schema: NaN when empty or not a number (the schema says which). */
export const requiredDecimal = (text: string) => parseDecimal(text) ?? Number.NaN;

/** The number in a field's text, or null when the field is empty (NaN when it is no number). */
export const optionalDecimal = (text: string) => parseDecimal(text) ?? null;

function DecimalInput({ value, onValueChange, fractionDigits, onBlur, ...props }: DecimalInputProps) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        const number = parseDecimal(value);
        if (number !== undefined && Number.isFinite(number)) {
          const shown = formatDecimalInput(number, fractionDigits);
          if (shown !== value) onValueChange(shown);
        }
        onBlur?.(event);
      }}
    />
  );
}

export { DecimalInput };
