import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readQuantity } from './quantity';
import { QuantityStepper } from './quantity-stepper';

afterEach(cleanup);

describe('readQuantity', () => {
  it('a whole number brought within 1 and the max; nothing readable gives null', () => {
    expect(readQuantity(3, 120)).toBe(3);
    expect(readQuantity('7', 120)).toBe(7);
    expect(readQuantity(' 12 ', 120)).toBe(12);
    expect(readQuantity('１２', 120)).toBe(12);
    expect(readQuantity('2.7', 120)).toBe(2);
    expect(readQuantity('999', 120)).toBe(120);
    expect(readQuantity('0', 120)).toBe(1);
    expect(readQuantity('5', 0)).toBe(1);
    for (const nothing of ['', '  ', 'abc', '-2', '1e3', null, undefined]) expect(readQuantity(nothing, 120), String(nothing)).toBeNull();
  });
});

function Harness({ start, max, onCommit }: { start: number | null; max: number; onCommit: (text: string) => void }) {
  const [value, setValue] = useState<number | null>(start);
  return (
    <QuantityStepper
      value={value}
      min={1}
      max={max}
      label="数量"
      decreaseLabel="减少数量"
      increaseLabel="增加数量"
      onStep={setValue}
      onCommit={(text) => {
        onCommit(text);
        setValue(readQuantity(text, max) ?? value);
      }}
    />
  );
}

const box = () => screen.getByLabelText('数量') as HTMLInputElement;
const less = () => screen.getByLabelText('减少数量') as HTMLButtonElement;
const more = () => screen.getByLabelText('增加数量') as HTMLButtonElement;

describe('QuantityStepper', () => {
  it('steps by one within min and max; the buttons turn off at the ends', () => {
    render(<Harness start={1} max={3} onCommit={() => undefined} />);
    expect(box().value).toBe('1');
    expect(less().disabled).toBe(true);
    fireEvent.click(more());
    fireEvent.click(more());
    expect(box().value).toBe('3');
    expect(more().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box().value).toBe('2');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box().value).toBe('3');
  });

  it('hands typed text over on Enter or blur, not while typing', () => {
    const onCommit = vi.fn();
    render(<Harness start={2} max={120} onCommit={onCommit} />);
    fireEvent.change(box(), { target: { value: '15' } });
    expect(box().value).toBe('15');
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onCommit).toHaveBeenLastCalledWith('15');
    expect(box().value).toBe('15');
    fireEvent.change(box(), { target: { value: '500' } });
    fireEvent.blur(box());
    expect(onCommit).toHaveBeenLastCalledWith('500');
    expect(box().value).toBe('120');
    // a blur without typing hands nothing over
    fireEvent.blur(box());
    expect(onCommit).toHaveBeenCalledTimes(2);
  });

  it('a disabled stepper takes nothing', () => {
    const onStep = vi.fn();
    render(<QuantityStepper value={1} min={1} max={5} disabled label="数量" decreaseLabel="减少数量" increaseLabel="增加数量" onStep={onStep} onCommit={() => undefined} />);
    expect(more().disabled).toBe(true);
    expect(box().disabled).toBe(true);
  });
});
