export default function Landing() {
  return <h1>Cueboard</h1>;
}
