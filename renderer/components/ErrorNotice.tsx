type Props = { title: string; message: string; onRetry?: () => void };

export function ErrorNotice({ title, message, onRetry }: Props) {
  return (
    <div className="notice notice-error" role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Erneut versuchen
        </button>
      )}
    </div>
  );
}
