import { lifecycleSuite } from "../helpers/lifecycle-suite";

lifecycleSuite("default");
