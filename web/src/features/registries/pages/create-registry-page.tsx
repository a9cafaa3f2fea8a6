import { SimplePage } from '../../../components/simple-page';

/** /create-registry (signed in). */
export default function CreateRegistryPage() {
  return (
    <SimplePage title="Create Your Registry">
      Set up a gift registry for your child's Bar or Bat Mitzvah: the celebration date, a personal
      message and the charity your family wants to support.
    </SimplePage>
  );
}
