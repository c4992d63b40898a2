import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
