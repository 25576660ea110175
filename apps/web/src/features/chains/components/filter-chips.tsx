import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

interface FilterChipsProps<F extends string> {
  filters: readonly F[];
  active: F;
  onChange: (filter: F) => void;
  /** Filters where something changed live since the user last looked (a red dot). */
  marked?: ReadonlySet<F>;
  /** Key prefix of the labels in the `chains` namespace. */
  labelPrefix: 'filters' | 'adminFilters';
}

/** A list's status chips; a red dot on a chip where live events arrived (documents §2). */
export function FilterChips<F extends string>({
  filters,
  active,
  onChange,
  marked,
  labelPrefix,
}: FilterChipsProps<F>) {
  const { t } = useTranslation('chains');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="tablist">
      {filters.map((filter) => (
        <Badge
          key={filter}
          color="error"
          variant="dot"
          invisible={!marked?.has(filter)}
          data-testid={`filter-dot-${filter}`}
          data-marked={marked?.has(filter) ? 'true' : 'false'}
        >
          <Chip
            role="tab"
            aria-selected={filter === active}
            label={t(`${labelPrefix}.${filter}`)}
            color={filter === active ? 'primary' : 'default'}
            variant={filter === active ? 'filled' : 'outlined'}
            onClick={() => onChange(filter)}
            data-testid={`filter-${filter}`}
          />
        </Badge>
      ))}
    </Stack>
  );
}
