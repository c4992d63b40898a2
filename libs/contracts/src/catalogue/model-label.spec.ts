import { modelLabel } from './model-label';

describe('modelLabel', () => {
  it.each([
    [{ name: 'gpt-4o', version: '2024-11-20' }, 'gpt-4o 2024-11-20'],
    [{ name: 'grok-3', version: '3' }, 'grok-3'],
    [{ name: 'grok-3-mini', version: '3-mini' }, 'grok-3-mini'],
    [{ name: 'grok-4', version: '0709' }, 'grok-4 0709'],
    [{ name: 'claude-sonnet-4', version: null }, 'claude-sonnet-4'],
    [{ name: 'o3-mini', version: '  ' }, 'o3-mini'],
  ])('%j reads %s', (model, label) => {
    expect(modelLabel(model)).toBe(label);
  });
});
