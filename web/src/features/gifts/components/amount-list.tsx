import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface AmountRow {
  term: ReactNode;
  value: ReactNode;
  /** The row that sums up (a total): bold, with a rule above it. */
  total?: boolean;
  /** A part of the row above it (the split of the gift): indented. */
  part?: boolean;
}

/** Money as a description list: each term with its amount on the right, wrapping at 360 px. */
export function AmountList({ rows }: { rows: readonly AmountRow[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', rowGap: 1 }}>
      {rows.map((row, index) => {
        const rule = row.total ? { borderTop: 1, borderColor: 'divider', pt: 1 } : {};
        return (
          <Box key={index} sx={{ display: 'contents' }}>
            <Box
              component="dt"
              sx={{
                ...rule,
                pl: row.part ? 2 : 0,
                color: row.part ? 'text.secondary' : 'text.primary',
                fontWeight: row.total ? 700 : 400,
                overflowWrap: 'anywhere',
              }}
            >
              {row.term}
            </Box>
            <Box
              component="dd"
              sx={{
                ...rule,
                m: 0,
                pl: 2,
                textAlign: 'right',
                whiteSpace: 'nowrap',
                fontVariantNumeric: 'tabular-nums',
                fontWeight: row.total ? 700 : 600,
                color: row.part ? 'text.secondary' : 'text.primary',
              }}
            >
              {row.value}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
