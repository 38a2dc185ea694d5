// COUNT stock JSettlers2 robot clients (soc.robot.SOCRobotClient, the server's own robot) in
// one JVM, named PREFIX FIRST, PREFIX FIRST+1, ...: the same as COUNT separate
//   java -cp JAR soc.robot.SOCRobotClient HOST PORT "PREFIX N" pw COOKIE
// processes, for a fraction of their memory and start-up time. The server gives a robot the
// smart strategy if its name starts with "robot " and the fast one otherwise, and counts these
// robots as built-in (they log in as the stock robot class).
//
// Run as a single-file source program (Java 11 or newer) with the JSettlers jar on the class
// path; scripts/jsettlers-server.sh does this for EXTRA_ROBOTS:
//   java -cp JAR scripts/StockRobots.java HOST PORT COOKIE PREFIX FIRST COUNT
// Prints "StockRobots: COUNT robots ... logged in" on stdout once the server has accepted every
// one of them (exit 1 if that takes over 60 s), then runs until it is stopped.

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import soc.baseclient.ServerConnectInfo;
import soc.message.SOCUpdateRobotParams;
import soc.robot.SOCRobotClient;

public class StockRobots {
    /** The stock robot, unchanged but for counting its login: the server sends a robot its
     *  parameters once it has accepted it. */
    static final class Robot extends SOCRobotClient {
        private final CountDownLatch loggedIn;
        private boolean counted;

        Robot(ServerConnectInfo sci, String name, CountDownLatch loggedIn) {
            super(sci, name, "pw");
            this.loggedIn = loggedIn;
        }

        /** Whether init() could not connect (it prints why). */
        boolean failed() {
            return ex != null;
        }

        @Override
        protected void handleUPDATEROBOTPARAMS(SOCUpdateRobotParams mes) {
            super.handleUPDATEROBOTPARAMS(mes);
            if (!counted) {
                counted = true;
                loggedIn.countDown();
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 6) {
            System.err.println("usage: java -cp JAR StockRobots.java HOST PORT COOKIE PREFIX FIRST COUNT");
            System.exit(2);
        }
        final String host = args[0], cookie = args[2], prefix = args[3];
        final int port, first, count;
        try {
            port = Integer.parseInt(args[1]);
            first = Integer.parseInt(args[4]);
            count = Integer.parseInt(args[5]);
        } catch (NumberFormatException e) {
            System.err.println("StockRobots: PORT, FIRST and COUNT must be integers: " + e.getMessage());
            System.exit(2);
            return;
        }
        final CountDownLatch loggedIn = new CountDownLatch(count);
        for (int i = 0; i < count; ++i) {
            final Robot robot = new Robot(new ServerConnectInfo(host, port, cookie), prefix + " " + (first + i), loggedIn);
            robot.init();
            if (robot.failed()) {
                System.out.println("StockRobots: robot " + (i + 1) + " of " + count + " could not connect to " + host + ":" + port);
                System.exit(1);
            }
            // As the server paces its own robots (SOCLocalRobotClient): one login at a time.
            Thread.sleep(75);
        }
        if (!loggedIn.await(60, TimeUnit.SECONDS)) {
            System.out.println("StockRobots: only " + (count - loggedIn.getCount()) + " of " + count
                + " robots logged in to " + host + ":" + port + " within 60 s");
            System.exit(1);
        }
        System.out.println("StockRobots: " + count + " robots " + prefix + " " + first + ".." + prefix + " "
            + (first + count - 1) + " logged in to " + host + ":" + port);
    }
}
