import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SortIcon from '@mui/icons-material/Sort';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const fields = ['fileName', 'updatedAt', 'createdAt'] as const;
type Field = (typeof fields)[number];

interface ChainSortMenuProps {
  field: string;
  order: 'asc' | 'desc';
  onChange: (field: Field, order: 'asc' | 'desc') => void;
}

/** The thumbnail view's sort: file name, last modified or created, with a direction toggle. */
export function ChainSortMenu({ field, order, onChange }: ChainSortMenuProps) {
  const { t } = useTranslation('chains');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current: Field = fields.find((f) => f === field) ?? 'updatedAt';
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Button
        startIcon={<SortIcon />}
        aria-label={`${t('sortBy')}: ${t(`sortFields.${current}`)}`}
        sx={{ whiteSpace: 'nowrap' }}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="chain-sort"
      >
        {t(`sortFields.${current}`)}
      </Button>
      <Tooltip title={order === 'asc' ? t('ascending') : t('descending')} disableInteractive>
        <IconButton
          aria-label={order === 'asc' ? t('ascending') : t('descending')}
          onClick={() => onChange(current, order === 'asc' ? 'desc' : 'asc')}
        >
          {order === 'asc' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {fields.map((f) => (
          <MenuItem
            key={f}
            selected={f === current}
            onClick={() => {
              setAnchor(null);
              onChange(f, order);
            }}
          >
            {t(`sortFields.${f}`)}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
