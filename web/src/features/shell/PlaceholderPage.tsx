import { Card } from "../../components/ui";

/** Temporary page for sidebar entries whose screens are built in a later issue. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Card className="p-10 text-center" aria-label={title}>
      <h2 className="text-xl font-semibold text-gray-900 dark:text-white">{title}</h2>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">This section is coming soon.</p>
    </Card>
  );
}
