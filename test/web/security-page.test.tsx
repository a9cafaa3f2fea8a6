import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

describe('/security', () => {
  it('says the family sees who gave: the owner and the co-owners, as the Privacy page does', async () => {
    renderApp('/security');
    const line = await screen.findByText(/sees who gave and how much/, {}, { timeout: 15_000 });
    expect(line).toHaveTextContent("Only the family sees who gave and how much: the registry's owner and the co-owners the owner invited");
    expect(screen.queryByText(/Only a registry's owner sees who gave/)).not.toBeInTheDocument();
  });
});
