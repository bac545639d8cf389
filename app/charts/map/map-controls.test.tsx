// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { themeColors } from '../core/palette';
import { addCustomColor, MapColorPopup } from './map-controls';

afterEach(cleanup);

describe('addCustomColor', () => {
  it('puts the colour first, once whatever its case, and keeps at most six', () => {
    expect(addCustomColor([], '#aa3355')).toEqual(['#aa3355']);
    expect(addCustomColor(['#111111', '#AA3355'], '#aa3355')).toEqual(['#aa3355', '#111111']);
    const six = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666'];
    expect(addCustomColor(six, '#777777')).toEqual(['#777777', ...six.slice(0, 5)]);
  });

  it('leaves out a colour of the six swatches, which the popup offers already', () => {
    expect(addCustomColor(['#111111'], '#39b54a')).toEqual(['#111111']);
  });
});

describe('MapColorPopup', () => {
  it.each(['light', 'dark'] as const)('shows the custom colours and adds one from the colour input, %s', (theme) => {
    const onPick = vi.fn();
    const colors = themeColors(theme);
    render(
      <MapColorPopup
        colors={colors}
        current="#123456"
        customColors={['#123456', '#aa3355']}
        onPick={onPick}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Map colour' });
    const custom = within(dialog).getAllByRole('button').slice(6);
    expect(custom.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed')])).toEqual([
      ['Colour #123456', 'true'],
      ['Colour #aa3355', 'false'],
    ]);
    const input = within(dialog).getByLabelText<HTMLInputElement>('Custom colour');
    expect(input.type).toBe('color');
    expect(input.value).toBe('#123456');
    expect(input.closest('label')!.style.color).toBe(colors.text);
    fireEvent.change(input, { target: { value: '#0a0b0c' } });
    expect(onPick).toHaveBeenCalledWith('#0a0b0c', ['#0a0b0c', '#123456', '#aa3355']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Colour #1F6FB4' }));
    expect(onPick).toHaveBeenLastCalledWith('#1F6FB4', ['#123456', '#aa3355']);
  });
});
