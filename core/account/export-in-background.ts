import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { paths, tokenPageUrl } from '../page-paths';
import { refuseUnknownFields, validate } from '../validate';
import { collectAccountExport, type AccountExport } from './account-export';
import {
  EXPORT_BUILD_LEASE_MS,
  EXPORT_LINK_TTL_DAYS,
  MAX_EXPORT_ATTEMPTS,
  type AccountExportRequest,
  type ExportFile,
  type ExportFormat,
} from '../model/account-export-request';
import { exportFailedEmail, exportReadyEmail } from './account-emails';
import { exportRequestSchema } from './account-schemas';
import type { User } from '../model/user';
import { DAY_MS } from '../model/calendar-day';

/** Turns the export's data into its file (JSON, or a zip of CSVs): the adapters' part. */
export type RenderExport = (data: AccountExport, format: ExportFormat) => ExportFile;

/** Queues an export to be built in the background and e-mailed; asking again while one of that format waits queues nothing more. */
export async function requestAccountExport(
  user: User,
  input: unknown,
  ports: { accountExports: Repositories['accountExports']; clock: Clock },
): Promise<AccountExportRequest> {
  refuseUnknownFields(input, ['format']);
  const { format } = await validate(exportRequestSchema, input);
  return ports.accountExports.request(user.id, format as ExportFormat, ports.clock.now());
}

export function exportLinkInvalid(): DomainError {
  return new DomainError(
    'export.link_invalid',
    'This link has expired, or it belongs to another account. Sign in to the account it was sent to, or ask for a new export on your account page.',
  );
}

/**
 * The file behind an export's e-mailed link, for the account it was made for only: a link
 * forwarded, or opened signed in as someone else, gives nothing away (the same answer as an
 * expired one).
 */
export async function downloadExport(
  user: User,
  input: unknown,
  ports: { accountExports: Repositories['accountExports']; tokens: SecretTokens; clock: Clock },
): Promise<ExportFile> {
  refuseUnknownFields(input, ['token']);
  const token = (input as { token?: unknown }).token;
  if (typeof token !== 'string' || token === '') throw exportLinkInvalid();
  const found = await ports.accountExports.findReady(ports.tokens.digest(token), ports.clock.now());
  if (!found || found.request.userId !== user.id) throw exportLinkInvalid();
  return found.file;
}

type BuildPorts = Pick<
  Repositories,
  | 'registries'
  | 'gifts'
  | 'offlineGifts'
  | 'thankYouNotes'
  | 'thankYouCards'
  | 'charities'
  | 'users'
  | 'coOwnerInvitations'
  | 'accountExports'
> & {
  unitOfWork: UnitOfWork;
  clock: Clock;
  tokens: SecretTokens;
  render: RenderExport;
  appUrl: string;
  supportEmail: string;
  /** Told of a build that failed (it is tried again, up to MAX_EXPORT_ATTEMPTS). */
  onFailure: (request: AccountExportRequest, error: unknown) => void;
};

/**
 * The background job: builds every queued export, one at a time, each claimed by one instance
 * (skip locked; one whose instance died is taken over after EXPORT_BUILD_LEASE_MS), keeps its file
 * behind a link that works for EXPORT_LINK_TTL_DAYS and e-mails the link. Answers how many it built.
 */
export async function buildQueuedExports(ports: BuildPorts): Promise<number> {
  let built = 0;
  for (;;) {
    const now = ports.clock.now();
    const request = await ports.accountExports.claimNext(now, new Date(now.getTime() - EXPORT_BUILD_LEASE_MS));
    if (!request) return built;
    const user = await ports.users.findById(request.userId);
    try {
      if (!user || user.deletedAt) throw new Error('the account is gone');
      const file = ports.render(await collectAccountExport(user, ports), request.format);
      const token = ports.tokens.create();
      const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_DAYS * DAY_MS);
      await ports.unitOfWork.transaction(async ({ accountExports, mail }) => {
        await accountExports.complete(request.id, file, ports.tokens.digest(token), now, expiresAt);
        const url = tokenPageUrl(ports.appUrl, paths.accountExport, token);
        await mail.enqueue({
          ...exportReadyEmail(user, url, expiresAt, request.format, ports.supportEmail),
          dedupeKey: `account-export-ready-${request.id}`,
        });
      });
      built += 1;
    } catch (error) {
      ports.onFailure(request, error);
      const failed = await ports.accountExports.fail(request.id, MAX_EXPORT_ATTEMPTS);
      if (failed.status === 'failed' && user && !user.deletedAt) {
        await ports.unitOfWork.transaction(({ mail }) =>
          mail.enqueue({ ...exportFailedEmail(user, ports.supportEmail), dedupeKey: `account-export-failed-${request.id}` }),
        );
      }
      // A failing export is tried again at the next run, not in a loop now.
      return built;
    }
  }
}
