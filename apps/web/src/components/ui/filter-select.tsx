import { useState } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A select over a short list of options, for the public pages' filters. It names the chosen option
 * itself, so the page's HTML already shows it before any script runs, and it renders its list only
 * while open. (A closed Radix select renders every option out of sight once it mounts, to learn the
 * chosen one's text: a chain of synchronous renders while the page comes to life, and an empty box in
 * the prerendered page.)
 */
export function FilterSelect<T extends string>({
  value,
  options,
  onValueChange,
  label,
  className,
}: {
  value: T;
  options: readonly FilterOption<T>[];
  onValueChange: (value: T) => void;
  /** The select's accessible name. */
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const choose = (next: string) => {
    const option = options.find((candidate) => candidate.value === next);
    if (option) onValueChange(option.value);
  };
  return (
    <Select value={value} onValueChange={choose} open={open} onOpenChange={setOpen}>
      <SelectTrigger aria-label={label} className={className}>
        <SelectValue>{options.find((option) => option.value === value)?.label}</SelectValue>
      </SelectTrigger>
      {open && (
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      )}
    </Select>
  );
}
