import { useRef, useState, type KeyboardEvent } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** How long typed letters add up before a new search starts. */
const TYPE_AHEAD_MS = 1_000;
/** Lower case without accents: 'mu' finds 'Música'. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A select over a short list of options, for the public pages' filters. It names the chosen option
 * itself, so the page's HTML already shows it before any script runs, and it renders its list only
 * while open. (A closed Radix select renders every option out of sight once it mounts, to learn the
 * chosen one's text: a chain of synchronous renders while the page comes to life, and an empty box in
 * the prerendered page.) Typing while it is closed chooses the first option that starts with what was
 * typed in the last second (accents aside), as a closed Radix select does with its rendered options.
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
  const typed = useRef({ text: '', timer: 0 });
  const choose = (next: string) => {
    const option = options.find((candidate) => candidate.value === next);
    if (option) onValueChange(option.value);
  };
  const typeAhead = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.key.length !== 1) return;
    // A space opens the select, unless it continues what is being typed.
    if (event.key === ' ' && typed.current.text === '') return;
    window.clearTimeout(typed.current.timer);
    typed.current.text += plain(event.key);
    typed.current.timer = window.setTimeout(() => (typed.current.text = ''), TYPE_AHEAD_MS);
    const match = options.find((option) => plain(option.label).startsWith(typed.current.text));
    if (match && match.value !== value) onValueChange(match.value);
  };
  return (
    <Select value={value} onValueChange={choose} open={open} onOpenChange={setOpen}>
      <SelectTrigger aria-label={label} className={className} onKeyDown={typeAhead}>
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
