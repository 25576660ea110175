import { useTranslation } from 'react-i18next';
import type { SignBlocker } from '../sign-rules';
import type { ChainSigning } from '../use-chain-sign';
import { SignActions } from './sign-actions';
import { SignCommentField, signCommentTooLong } from './sign-comment-field';

interface CommentedSignActionsProps {
  comment: string;
  onCommentChange: (comment: string) => void;
  blockers: readonly SignBlocker[];
  signing: Pick<ChainSigning, 'backToList' | 'decline' | 'isBusy' | 'begin'>;
}

/**
 * The signer's comment and the form's foot below it, on the screens where the signer may comment
 * (single and container signing): Sign waits for the rules of D§5 and for the comment to fit.
 */
export function CommentedSignActions({
  comment,
  onCommentChange,
  blockers,
  signing,
}: CommentedSignActionsProps) {
  const { t } = useTranslation('signing');
  return (
    <>
      <SignCommentField comment={comment} onChange={onCommentChange} />
      <SignActions
        blocker={blockers[0] && t(`blockers.${blockers[0]}`)}
        onBack={signing.backToList}
        onDecline={signing.decline}
        signLabel={t('actions.sign')}
        disabled={blockers.length > 0 || signCommentTooLong(comment) || signing.isBusy}
        onSign={signing.begin}
      />
    </>
  );
}
