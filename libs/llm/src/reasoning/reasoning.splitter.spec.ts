import { type SplitDelta, ReasoningSplitter } from './reasoning.splitter';

function run(chunks: readonly string[]): { reasoning: string; text: string; order: string[] } {
  const splitter = new ReasoningSplitter();
  const deltas: SplitDelta[] = [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
  const order = deltas.map((delta) => delta.type).filter((type, index, all) => all[index - 1] !== type);
  return {
    reasoning: deltas
      .filter((delta) => delta.type === 'reasoning')
      .map((delta) => delta.text)
      .join(''),
    text: deltas
      .filter((delta) => delta.type === 'text')
      .map((delta) => delta.text)
      .join(''),
    order,
  };
}

const REPLY =
  '<reasoning>\nFirst, compare the costs.\nThen the risks.\n</reasoning>\n\n**Answer:** rent for now.';

describe('ReasoningSplitter', () => {
  it('splits a whole reply into reasoning, then text', () => {
    expect(run([REPLY])).toEqual({
      reasoning: 'First, compare the costs.\nThen the risks.',
      text: '**Answer:** rent for now.',
      order: ['reasoning', 'text'],
    });
  });

  it('gives the same result however the reply is cut, even inside the tags', () => {
    const expected = run([REPLY]);
    expect(run([...REPLY])).toEqual(expected);
    for (let first = 1; first < REPLY.length; first++) {
      for (const second of [first + 1, first + 7, first + 13]) {
        if (second >= REPLY.length) continue;
        expect(run([REPLY.slice(0, first), REPLY.slice(first, second), REPLY.slice(second)])).toEqual(
          expected,
        );
      }
    }
  });

  it('never lets part of a tag leak into the output', () => {
    const splitter = new ReasoningSplitter();
    const out = [...REPLY].flatMap((char) => splitter.push(char)).concat(splitter.end());
    expect(out.map((delta) => delta.text).join('')).not.toMatch(/<\/?r|reasoning>/);
  });

  it('treats a reply that does not open with the tag as all text', () => {
    expect(run(['Just', ' an answer.'])).toEqual({ reasoning: '', text: 'Just an answer.', order: ['text'] });
    expect(run(['<', 'div>markup</div>'])).toEqual({
      reasoning: '',
      text: '<div>markup</div>',
      order: ['text'],
    });
    expect(run(['Answer first. <reasoning>late</reasoning>'])).toMatchObject({
      reasoning: '',
      order: ['text'],
    });
  });

  it('allows leading whitespace and any letter case in the tags', () => {
    expect(run(['  \n<REASONING>why</Reasoning>answer'])).toEqual({
      reasoning: 'why',
      text: 'answer',
      order: ['reasoning', 'text'],
    });
  });

  it('streams reasoning before the closing tag arrives', () => {
    const splitter = new ReasoningSplitter();
    expect(splitter.push('<reasoning>step one, ')).toEqual([{ type: 'reasoning', text: 'step one,' }]);
    expect(splitter.push('step two</reas')).toEqual([{ type: 'reasoning', text: ' step two' }]);
    expect(splitter.push('oning> the answer')).toEqual([{ type: 'text', text: 'the answer' }]);
    expect(splitter.push(' continues')).toEqual([{ type: 'text', text: ' continues' }]);
    expect(splitter.end()).toEqual([]);
  });

  it('keeps an unclosed reasoning as reasoning when the reply ends', () => {
    expect(run(['<reasoning>cut off mid-thou', 'ght</reas'])).toEqual({
      reasoning: 'cut off mid-thought</reas',
      text: '',
      order: ['reasoning'],
    });
  });

  it('emits nothing for an empty reply', () => {
    expect(run(['', '  '])).toEqual({ reasoning: '', text: '', order: [] });
  });
});
