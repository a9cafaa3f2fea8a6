import { SimplePage } from '../../../components/simple-page';

/** /registry/:id (public). */
export default function RegistryPage() {
  return (
    <SimplePage title="Registry">
      This page shows a child's Bar or Bat Mitzvah registry, where family and friends can send a
      gift that also supports a Jewish charity.
    </SimplePage>
  );
}
