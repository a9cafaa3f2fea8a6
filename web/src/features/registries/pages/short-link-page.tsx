import { SimplePage } from '../../../components/simple-page';

/** /r/:shortCode: the short link used for sharing a registry. */
export default function ShortLinkPage() {
  return (
    <SimplePage title="Shared Registry">
      This short link opens the Bar or Bat Mitzvah registry that was shared with you.
    </SimplePage>
  );
}
