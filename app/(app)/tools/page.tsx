export default function Page() {
  return (
    <div className="page-head">
      <h1>Tools</h1>
    </div>
  );
}
