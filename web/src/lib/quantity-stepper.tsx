import { useState, type KeyboardEvent } from 'react';

export interface QuantityStepperProps {
  /** The quantity shown (null: an empty box). */
  value: number | null;
  min: number;
  max: number;
  disabled?: boolean;
  className?: string;
  /** Accessible names of the box and its two buttons. */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** A − or + press (or arrow key): the quantity it reaches, within min..max. */
  onStep: (next: number) => void;
  /** The typed text, on Enter or when the box loses focus. */
  onCommit: (text: string) => void;
  /** The typed text as it is typed, when the owner wants it before a commit. */
  onType?: (text: string) => void;
}

/**
 * − [n] + with plain elements: much lighter than antd's InputNumber (which brought about 26 KB of
 * gzipped form and input code into the product screen). Typed text is kept while typing and handed
 * over on Enter or blur; the owner decides what it becomes.
 */
export function QuantityStepper({
  value,
  min,
  max,
  disabled,
  className,
  label,
  decreaseLabel,
  increaseLabel,
  onStep,
  onCommit,
  onType,
}: QuantityStepperProps) {
  const [typing, setTyping] = useState<string | null>(null);
  const current = value ?? min;
  const step = (by: number) => {
    setTyping(null);
    const next = Math.min(Math.max(current + by, min), Math.max(min, max));
    if (next !== current || value === null) onStep(next);
  };
  const commit = () => {
    if (typing === null) return;
    setTyping(null);
    onCommit(typing);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
    else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    }
  };
  return (
    <span className={`qty-stepper${disabled ? ' is-disabled' : ''}${className ? ` ${className}` : ''}`}>
      <button type="button" className="qty-stepper-down" aria-label={decreaseLabel} disabled={disabled || current <= min} onClick={() => step(-1)}>
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        className="qty-stepper-input"
        aria-label={label}
        disabled={disabled}
        value={typing ?? (value === null ? '' : String(value))}
        onChange={(event) => {
          setTyping(event.target.value);
          onType?.(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
      <button type="button" className="qty-stepper-up" aria-label={increaseLabel} disabled={disabled || current >= max} onClick={() => step(1)}>
        +
      </button>
    </span>
  );
}
