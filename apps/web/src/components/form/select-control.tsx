// The select kind's control (SchemaField) in a module of its own: Radix's Select, with its positioning and
// scroll lock, is about 26 KB gzipped, and the public pages' forms (contact, the chat's message) have no
// select, so it loads where a form shows one, not with every page that has a form (decision 0025).
import type { ReactNode, Ref } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The value of the option that stands for none. */
const NONE = '—';

export default function SelectControl({
  id,
  value,
  options,
  noneLabel,
  onChange,
  onBlur,
  controlRef,
  described,
  placeholder,
}: {
  id: string;
  value: string;
  options: readonly { value: string; label: string; icon?: ReactNode }[];
  /** A first option that stands for none (an empty value), when the field may have none. */
  noneLabel?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  controlRef: Ref<HTMLButtonElement>;
  described: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** Shown until an option is chosen, for a field with no first option of none ('Selecione um provedor'). */
  placeholder?: string;
}) {
  return (
    <Select value={value || (placeholder === undefined ? NONE : '')} onValueChange={(chosen) => onChange(chosen === NONE ? '' : chosen)}>
      <SelectTrigger id={id} ref={controlRef} className="w-full" onBlur={onBlur} {...described}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel !== undefined && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.icon ? (
              <>
                {option.icon} {option.label}
              </>
            ) : (
              option.label
            )}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
