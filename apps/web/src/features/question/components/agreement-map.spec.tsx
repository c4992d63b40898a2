import { AGREEMENT_MAP, type AgreementClaim, type AgreementMapResult } from '@council/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AgreementMember } from '../utils/agreement-members';
import { AgreementMap, type AgreementMapProps } from './agreement-map';

const members: AgreementMember[] = [
  { memberOrder: 0, name: 'ChatGPT', finalAnswer: 'Tea is **calmer**.' },
  { memberOrder: 1, name: 'Claude', finalAnswer: 'Coffee, then tea.' },
  { memberOrder: 2, name: 'Grok', finalAnswer: 'Both.' },
];

const claims: AgreementClaim[] = [
  {
    claim: 'Tea has less caffeine.',
    stances: [
      { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
      { memberOrder: 1, stance: 'supports', reason: null, changedInRound: 1 },
      { memberOrder: 2, stance: 'silent', reason: null, changedInRound: null },
    ],
  },
  {
    claim: 'Tea is better for sleep.',
    stances: [
      { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
      { memberOrder: 1, stance: 'opposes', reason: 'Decaf coffee exists.', changedInRound: null },
      { memberOrder: 2, stance: 'supports', reason: null, changedInRound: null },
    ],
  },
];
const mapped: AgreementMapResult = { status: 'mapped', claims };

function renderMap(props: Partial<AgreementMapProps> = {}) {
  return render(<AgreementMap map={mapped} members={members} {...props} />);
}

const table = () => screen.getByRole('table', { name: AGREEMENT_MAP.caption });
const stackedList = () => {
  const region = screen.getByRole('region', { name: AGREEMENT_MAP.heading });
  // The stacked form is the ordered list of claims that sits beside the table.
  return within(region)
    .getAllByRole('list')
    .find((list) => list.tagName === 'OL') as HTMLElement;
};

describe('AgreementMap, mapped', () => {
  it('shows the overall figure and how many claims are unanimous', () => {
    renderMap();
    const region = screen.getByRole('region', { name: 'Agreement map' });
    // The majority holds 2 of 2 on the first claim and 2 of 3 on the second: 83 %.
    expect(within(region).getByText('83% agreement')).toBeInTheDocument();
    expect(within(region).getByText('1 of 2 claims unanimous')).toBeInTheDocument();
  });

  it('says how the figure is worked out, on a click', async () => {
    renderMap();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'How the agreement figure is worked out' }));
    expect(await screen.findByText(AGREEMENT_MAP.figureHow)).toBeVisible();
  });

  it('draws a table with a caption, a column per member and a row per claim', () => {
    renderMap();
    const grid = table();
    expect(grid.tagName).toBe('TABLE');
    expect(grid.querySelector('caption')).toHaveTextContent(AGREEMENT_MAP.caption);

    const columns = within(grid).getAllByRole('columnheader');
    expect(columns.map((header) => header.textContent)).toEqual(['Claim', 'ChatGPT', 'Claude', 'Grok']);
    for (const header of columns) expect(header).toHaveAttribute('scope', 'col');

    const rowHeaders = within(grid).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => header.textContent)).toEqual([
      'Tea has less caffeine.',
      'Tea is better for sleep.',
    ]);
    for (const header of rowHeaders) expect(header).toHaveAttribute('scope', 'row');

    const [, first, second] = within(grid).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first!)).toEqual(['Supports', 'Supports', 'Silent']);
    expect(cells(second!)).toEqual(['Supports', 'Opposes', 'Supports']);
  });

  it('marks each stance with an icon hidden from screen readers as well as its word', () => {
    renderMap();
    const cell = within(table()).getAllByRole('cell')[4]!;
    expect(cell).toHaveTextContent('Opposes');
    const icon = cell.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the table from 640 px and the stacked list below, never both', () => {
    renderMap();
    expect(table().closest('.hidden')).toHaveClass('sm:block');
    const list = stackedList();
    expect(list).toHaveClass('sm:hidden');
    expect(list).not.toHaveClass('hidden');
    expect(list.contains(table())).toBe(false);
  });

  it('lists each claim with every member’s stance in the stacked form', () => {
    renderMap();
    const blocks = within(stackedList())
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === stackedList());
    expect(blocks).toHaveLength(2);
    const stances = (block: HTMLElement) =>
      within(within(block).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(within(blocks[1]!).getByRole('button', { name: 'Tea is better for sleep.' })).toBeInTheDocument();
    expect(stances(blocks[1]!)).toEqual(['ChatGPTSupports', 'ClaudeOpposes', 'GrokSupports']);
    expect(stances(blocks[0]!)).toEqual(['ChatGPTSupports', 'ClaudeSupports', 'GrokSilent']);
  });

  it('gives the minority’s reasons per claim', () => {
    renderMap();
    const heading = screen.getByRole('heading', { name: AGREEMENT_MAP.minorityHeading });
    const reasons = heading.parentElement as HTMLElement;
    const items = within(reasons).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Tea is better for sleep.');
    expect(items[0]).toHaveTextContent('Claude: Decaf coffee exists.');
    expect(within(reasons).queryByText('Tea has less caffeine.')).not.toBeInTheDocument();
  });

  it('says so when no member opposes any claim', () => {
    renderMap({ map: { status: 'mapped', claims: [claims[0]!] } });
    expect(screen.getByText(AGREEMENT_MAP.noMinority)).toBeInTheDocument();
    expect(screen.getByText('100% agreement')).toBeInTheDocument();
    expect(screen.getByText('1 of 1 claim unanimous')).toBeInTheDocument();
  });

  it('opens a member’s final answer from its column header', async () => {
    renderMap();
    const header = within(table()).getByRole('columnheader', { name: 'ChatGPT' });
    await userEvent.click(within(header).getByRole('button', { name: 'ChatGPT' }));
    const dialog = await screen.findByRole('dialog', { name: "ChatGPT's final answer" });
    expect(within(dialog).getByText('calmer').tagName).toBe('STRONG');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a member’s final answer from the stacked list too', async () => {
    renderMap();
    const [claude] = within(stackedList()).getAllByRole('button', { name: 'Claude' });
    await userEvent.click(claude!);
    const dialog = await screen.findByRole('dialog', { name: "Claude's final answer" });
    expect(within(dialog).getByText('Coffee, then tea.')).toBeInTheDocument();
  });

  it('wraps a member’s name between its words only, never inside "(claude-sonnet-4)"', () => {
    const named = members.map((member) =>
      member.memberOrder === 1 ? { ...member, name: 'Anthropic (claude-sonnet-4)' } : member,
    );
    renderMap({ members: named });
    const header = within(table()).getByRole('columnheader', { name: 'Anthropic (claude-sonnet-4)' });
    const button = within(header).getByRole('button', { name: 'Anthropic (claude-sonnet-4)' });
    const words = [...button.querySelectorAll('span')];
    expect(words.map((word) => word.textContent)).toEqual(['Anthropic', '(claude-sonnet-4)']);
    for (const word of words) expect(word).toHaveClass('whitespace-nowrap');
  });

  it('tells in which debate round a member came to a claim', async () => {
    renderMap();
    const row = within(table()).getByRole('rowheader', { name: 'Tea has less caffeine.' });
    await userEvent.click(within(row).getByRole('button'));
    const changes = await screen.findByRole('dialog', { name: 'Tea has less caffeine.' });
    expect(changes).toHaveTextContent('Claude came to this in debate round 1.');
    expect(changes).not.toHaveTextContent(AGREEMENT_MAP.unchanged);
  });

  it('says no member changed its stance on a claim held from the start', async () => {
    renderMap();
    const row = within(table()).getByRole('rowheader', { name: 'Tea is better for sleep.' });
    await userEvent.click(within(row).getByRole('button'));
    const changes = await screen.findByRole('dialog', { name: 'Tea is better for sleep.' });
    expect(changes).toHaveTextContent(AGREEMENT_MAP.unchanged);
  });
});

describe('AgreementMap, before and without a map', () => {
  it('shows "Mapping…" with the draft claims so far, and no table', () => {
    renderMap({ map: null, mapping: true, drafts: [claims[0]!] });
    expect(screen.getByRole('status')).toHaveTextContent(AGREEMENT_MAP.mapping);
    expect(screen.getByRole('listitem')).toHaveTextContent('Tea has less caffeine.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/agreement$/)).not.toBeInTheDocument();
  });

  it('shows "Mapping…" alone right after a reset', () => {
    renderMap({ map: null, mapping: true, drafts: [] });
    expect(screen.getByRole('status')).toHaveTextContent(AGREEMENT_MAP.mapping);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows only the note, muted, when no map could be drawn', () => {
    renderMap({ map: { status: 'unavailable', note: AGREEMENT_MAP.notes.malformed } });
    const note = screen.getByText(AGREEMENT_MAP.notes.malformed);
    expect(note).toHaveClass('text-muted-foreground');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(AGREEMENT_MAP.minorityHeading)).not.toBeInTheDocument();
  });

  it('shows nothing while no map is being drawn', () => {
    const { container } = renderMap({ map: null });
    expect(container).toBeEmptyDOMElement();
  });
});
