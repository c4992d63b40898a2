import { TOAST_DURATION_MS, TOAST_VIEWPORT_HOTKEY } from '@council/contracts';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToastStore } from './use-toast';

/** The app's single toast outlet; mounted once in AppProviders. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);

  return (
    <ToastProvider duration={TOAST_DURATION_MS}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast
          key={id}
          {...props}
          onOpenChange={(open) => {
            if (!open) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[TOAST_VIEWPORT_HOTKEY]} />
    </ToastProvider>
  );
}
