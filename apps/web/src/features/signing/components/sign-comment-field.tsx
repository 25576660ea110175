import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The longest comment a signature carries (its reason in the PDF). */
export const maxSignComment = 255;

/** Whether a comment is past what a signature carries. */
export const signCommentTooLong = (comment: string) => comment.length > maxSignComment;

/** The signer's comment on a signing screen, with its length against the limit. */
export function SignCommentField({
  comment,
  onChange,
}: {
  comment: string;
  onChange: (comment: string) => void;
}) {
  const { t } = useTranslation('signing');
  return (
    <TextField
      label={t('comment')}
      value={comment}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      error={signCommentTooLong(comment)}
      helperText={`${comment.length} / ${maxSignComment}`}
      slotProps={{ htmlInput: { 'data-testid': 'sign-comment' } }}
    />
  );
}
