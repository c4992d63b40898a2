import { HISTORY_SCREEN } from '@council/contracts';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ShareDialog, type ShareTarget } from './share-dialog';

interface ShareButtonProps {
  question: ShareTarget;
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  className?: string;
}

/** A Share button and the dialog it opens (History items, Question detail, Ask results). */
export function ShareButton({
  question,
  label = HISTORY_SCREEN.share,
  size = 'sm',
  variant = 'outline',
  className,
}: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        {label}
      </Button>
      <ShareDialog question={question} open={open} onOpenChange={setOpen} />
    </>
  );
}
