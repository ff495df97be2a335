import { expect, it } from 'vitest';
import { table } from './table';

it('aligns the first column left and the others right', () => {
  expect(table(['what', 'a', 'bb'], [['x', '1', '22'], ['longer', '333', '4']])).toBe(
    ['what       a   bb', '------   ---   --', 'x          1   22', 'longer   333    4'].join('\n'),
  );
});
