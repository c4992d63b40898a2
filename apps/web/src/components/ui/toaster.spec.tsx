import { TOAST_DURATION_MS } from '@council/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { toast, useToastStore } from './use-toast';

describe('Toaster', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
  });

  it('shows the newest toast in a viewport reachable with F8', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Link copied' });
      toast({ title: 'Error', description: 'Please enter a question', variant: 'destructive' });
    });

    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
    expect(screen.getByText('Please enter a question')).toBeInTheDocument();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });
});

const storedToasts = () => useToastStore.getState().toasts;

describe('Toaster behaviour (spec §8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a toast after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message sent' });
    });

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(storedToasts()[0]).toMatchObject({ title: 'Message sent', open: true });
    expect(screen.getByText('Message sent')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(storedToasts()[0]).toMatchObject({ open: false });
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the visible one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      toast({ title: 'Second' });
    });

    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(storedToasts()).toHaveLength(1);
  });

  it('draws errors in the destructive style', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message not sent', variant: 'destructive' });
    });
    const destructive = screen.getByText('Message not sent').closest('li');
    expect(destructive).toHaveClass('bg-destructive');

    act(() => {
      toast({ title: 'Message sent' });
    });
    expect(screen.getByText('Message sent').closest('li')).not.toHaveClass('bg-destructive');
  });

  it('moves focus to the viewport with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied' });
    });

    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(screen.getByRole('region', { name: /F8/ }).querySelector('ol')).toHaveFocus();
  });

  it('closes with its close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied' });
    });

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(storedToasts()[0]).toMatchObject({ open: false });
  });
});
