import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import useSWR from 'swr';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { isApiError } from '@/lib/api-fetch';
import { usePageTitle } from '@/lib/use-page-title';
import { fetchRegistryByShortCode } from '@/features/registries/api/fetch-registry-by-short-code';
import type { RegistryView } from '@api/registries';
import { RegistryLoadError, RegistryNotFound } from '@/components/registry-not-found';

/** /r/:shortCode: the short link used for sharing; it opens /registry/{id} in its place. */
export default function ShortLinkPage() {
  const { shortCode } = useParams<{ shortCode: string }>();
  const navigate = useNavigate();
  const { data, error, mutate } = useSWR<RegistryView, unknown, readonly [string, string] | null>(
    shortCode ? ['short-link', shortCode] : null,
    ([, code]) => fetchRegistryByShortCode(code),
  );

  useEffect(() => {
    if (data) navigate(paths.registry(data.id), { replace: true });
  }, [data, navigate]);

  const notFound = !shortCode || (isApiError(error) && error.status === 404);
  usePageTitle(notFound ? 'Registry Not Found' : 'Shared Registry');

  if (notFound) return <RegistryNotFound />;
  if (error) return <RegistryLoadError onRetry={() => void mutate()} />;
  return <PageSpinner label="Opening the registry…" />;
}
