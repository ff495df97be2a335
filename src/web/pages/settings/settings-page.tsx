/** Placeholder while the page is built. */
export default function Page() {
  return <h1 className="text-lg font-semibold">Coming soon</h1>;
}
