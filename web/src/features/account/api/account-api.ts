import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ChangeEmailInput, ProfileInput } from '@core/account/account-schemas';
import type { AccountExportRequestView, AccountExportsView, AccountView, EmailChanged, EmailChangeRequested } from '@api/account';
import type { MessageAnswer as Notice } from '@api/registries';
import { apiDownload } from '@/lib/api-download';
import { apiFetch } from '@/lib/api-fetch';
import { downloadBlob } from '@/lib/download-file';
import { USER_KEY } from '@/lib/use-user';

export const ACCOUNT_KEY = '/api/account';

export function useAccount() {
  return useSWR<AccountView>(ACCOUNT_KEY, (path: string) => apiFetch<AccountView>(path));
}

/** PUT /api/account/profile; the account and the current user (the greeting) show the new names. */
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: ProfileInput): Promise<AccountView> => {
      const account = await apiFetch<AccountView>('/api/account/profile', { method: 'PUT', body: input });
      await mutate(ACCOUNT_KEY, account, { revalidate: false });
      await mutate(USER_KEY);
      return account;
    },
    [mutate],
  );
}

/** POST /api/account/email: a confirmation link goes to the new address; nothing changes yet. */
export function requestEmailChange(input: ChangeEmailInput): Promise<EmailChangeRequested> {
  return apiFetch('/api/account/email', { method: 'POST', body: input });
}

/** PUT /api/account/password: every other device is signed out. */
export function changePassword(currentPassword: string, newPassword: string): Promise<Notice> {
  return apiFetch('/api/account/password', { method: 'PUT', body: { currentPassword, newPassword } });
}

/** POST /api/account/email/confirm with the token of the link sent to the new address. */
export function useConfirmEmailChange() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (token: string): Promise<EmailChanged> => {
      const answer = await apiFetch<EmailChanged>('/api/account/email/confirm', { method: 'POST', body: { token } });
      await mutate(ACCOUNT_KEY);
      await mutate(USER_KEY);
      return answer;
    },
    [mutate],
  );
}

export const EXPORTS_KEY = '/api/account/exports';

/** Whether the export is answered at once or e-mailed, and the exports asked for by e-mail. */
export function useAccountExports() {
  return useSWR<AccountExportsView>(EXPORTS_KEY, (path: string) => apiFetch<AccountExportsView>(path));
}

/** GET /api/account/export: the whole account as a JSON file or a zip of CSV files, saved by the browser. */
export async function downloadAccountExport(format: 'json' | 'csv'): Promise<string> {
  const { blob, fileName } = await apiDownload(`/api/account/export?format=${format}`);
  downloadBlob(fileName, blob);
  return fileName;
}

/** POST /api/account/exports: a large account's export, built in the background and e-mailed. */
export function useRequestAccountExport() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (format: 'json' | 'csv'): Promise<AccountExportRequestView> => {
      const request = await apiFetch<AccountExportRequestView>('/api/account/exports', { method: 'POST', body: { format } });
      await mutate(EXPORTS_KEY);
      return request;
    },
    [mutate],
  );
}

/** POST /api/account/exports/download with the token of the e-mailed link; the browser saves the file. */
export async function downloadEmailedExport(token: string): Promise<{ message: string }> {
  const { blob, fileName } = await apiDownload('/api/account/exports/download', { method: 'POST', body: { token } });
  downloadBlob(fileName, blob);
  return { message: `Your download has started: ${fileName}.` };
}

/** DELETE /api/account: the deletion is scheduled after the grace period; the page shows it. */
export function useScheduleDeletion() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (password: string): Promise<AccountView> => {
      const account = await apiFetch<AccountView>('/api/account', { method: 'DELETE', body: { password } });
      await mutate(ACCOUNT_KEY, account, { revalidate: false });
      return account;
    },
    [mutate],
  );
}

/** POST /api/account/deletion/cancel. */
export function useCancelDeletion() {
  const { mutate } = useSWRConfig();
  return useCallback(async (): Promise<AccountView> => {
    const account = await apiFetch<AccountView>('/api/account/deletion/cancel', { method: 'POST' });
    await mutate(ACCOUNT_KEY, account, { revalidate: false });
    return account;
  }, [mutate]);
}
