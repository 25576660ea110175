import Typography from '@mui/material/Typography';
import type { Chain } from '@signet/contracts/chains';
import { PageTitle } from '../../../shared/components/page-title';
import { ChainDownloadButtons } from '../../../shared/downloads/download-mode-menu';
import { chainFileName, personName } from '../signing-chain';

interface ChainSignHeaderProps {
  chain: Chain;
  title: string;
  /** The intro sentence, given the names it tells: the chain's creator and its file. */
  intro: (names: { creator: string; fileName: string }) => string;
  /** The creator's comment on the chain, quoted below the intro (not on the clerk's screen). */
  showComment?: boolean;
}

/** The head of a one-chain signing screen: title with the file's name and downloads, intro. */
export function ChainSignHeader({
  chain,
  title,
  intro,
  showComment = false,
}: ChainSignHeaderProps) {
  const fileName = chainFileName(chain);
  return (
    <>
      <PageTitle actions={<ChainDownloadButtons chain={chain} />}>
        {title}: <span data-testid="sign-file-name">{fileName}</span>
      </PageTitle>
      <Typography>{intro({ creator: personName(chain.createdBy), fileName })}</Typography>
      {showComment && chain.comment && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          “{chain.comment}”
        </Typography>
      )}
    </>
  );
}
