import { useId, useLayoutEffect, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import type { RegistrySearch } from '@/features/home/api/use-registry-search';

const SEARCH_PLACEHOLDER = "Search by child's name...";

interface SearchFieldProps {
  search: RegistrySearch;
  /** The field's accessible name. */
  label?: string;
  /** A light field for dark surfaces. */
  tone?: 'default' | 'light';
}

/** The search box: 'Search by child's name...', searched 300 ms after the last keystroke. */
export function RegistrySearchField({ search, label = 'Search registries by child’s name', tone = 'default' }: SearchFieldProps) {
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  // A name typed into the box the server drew, before the app took the page over, is searched for,
  // not wiped by the next render.
  const { inputRef, setQuery } = search;
  useLayoutEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setQuery(typed);
  }, [inputRef, setQuery]);

  return (
    <Box component="form" role="search" aria-label="Registries" onSubmit={onSubmit} noValidate>
      {/* The input alone, not TextField: TextField brings MUI's Select, Menu and Modal to the landing page. */}
      <OutlinedInput
        id={inputId}
        inputRef={search.inputRef}
        type="search"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        inputProps={{ 'aria-label': label, maxLength: 100 }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden="true" />
          </InputAdornment>
        }
        endAdornment={
          search.query ? (
            <InputAdornment position="end">
              <IconButton aria-label="Clear the search box" edge="end" onClick={search.clear}>
                <ClearIcon />
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
        sx={{
          // The clear button below replaces the browser's own, so there is one, and it is labelled.
          '& input::-webkit-search-cancel-button': { display: 'none' },
          ...(tone === 'light' ? { bgcolor: 'background.paper' } : {}),
        }}
      />
    </Box>
  );
}
