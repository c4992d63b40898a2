import { DELETE_QUESTION_DIALOG } from '@council/contracts';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useDeleteQuestion } from '../api/delete-question';

interface DeleteQuestionDialogProps {
  questionId: number;
  question: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs once the question is gone, even if this dialog has unmounted with its list item. */
  onDeleted?: (questionId: number) => void;
}

/** Confirms a delete (spec §2): the question and all its responses go, and it cannot be undone. */
export function DeleteQuestionDialog({
  questionId,
  question,
  open,
  onOpenChange,
  onDeleted,
}: DeleteQuestionDialogProps) {
  const remove = useDeleteQuestion({ onDeleted });
  const pending = remove.isPending;
  const changeOpen = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{DELETE_QUESTION_DIALOG.title}</DialogTitle>
          <DialogDescription>{DELETE_QUESTION_DIALOG.description}</DialogDescription>
        </DialogHeader>
        <blockquote className="line-clamp-3 break-words rounded-lg border-l-4 border-border bg-muted/50 px-3 py-2 text-sm text-foreground">
          {question}
        </blockquote>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={pending} onClick={() => changeOpen(false)}>
            {DELETE_QUESTION_DIALOG.cancel}
          </Button>
          <Button
            variant="destructive"
            disabled={pending}
            onClick={() =>
              remove.mutate(questionId, {
                onSuccess: () => onOpenChange(false),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            {pending ? DELETE_QUESTION_DIALOG.deleting : DELETE_QUESTION_DIALOG.confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
