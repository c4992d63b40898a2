import { differsFromPrevious } from './revision-change.util';

describe('differsFromPrevious', () => {
  it('ignores differences of whitespace only', () => {
    expect(differsFromPrevious('Rent.\n\n- cheaper  now', '  Rent. - cheaper now\n')).toBe(false);
  });

  it('sees a changed text', () => {
    expect(differsFromPrevious('Rent.', 'Buy.')).toBe(true);
  });

  it('counts a revision without a previous answer as changed', () => {
    expect(differsFromPrevious(null, 'Rent.')).toBe(true);
  });
});
